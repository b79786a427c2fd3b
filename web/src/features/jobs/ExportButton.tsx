/**
 * "Export my data": a small workspace's export comes in the answer and downloads at once; a big one
 * is a job (202) whose bar shows while it runs, then links (signed, short-lived) download the files.
 */
import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { isJobAccepted } from '@cg/shared';
import { api } from '../../lib/api';
import { waitForJob } from '../../lib/jobs';
import { toastError } from '../../lib/toast';

export function ExportButton() {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const answer = await api('exportUser');
      if (isJobAccepted(answer)) {
        await waitForJob(answer.job);
        return;
      }
      const url = URL.createObjectURL(new Blob([JSON.stringify(answer)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `pagewarden-export-${new Date().toISOString().slice(0, 10)}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      toastError((err as Error).message || 'Export failed', 'Export failed');
    } finally {
      setBusy(false);
    }
  }
  return <Button size="small" variation="primary" className="cg-button-secondary" onClick={run} isLoading={busy} loadingText="Exporting...">Export my data</Button>;
}
