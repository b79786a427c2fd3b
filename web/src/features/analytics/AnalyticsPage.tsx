import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Badge, Card, Flex, Grid, Heading, Placeholder, Text } from '@aws-amplify/ui-react';
import { planHasFeature, plansWithFeature, TEXT, type Analytics } from '@cg/shared';
import { useAuth } from '../../lib/auth';
import { useAnalytics } from '../../lib/queries';
import { StatCard } from '../../components/ui/StatCard';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { QueryError } from '../../components/ui/QueryError';

const SentimentPie = lazy(() => import('./SentimentPie'));

/** Colours of spec section 9. */
export const COLORS = { positive: '#16a34a', negative: '#dc2626', neutral: '#6b7280', spam: '#d97706', offensive: '#991b1b' } as const;

export function pct(part: number, total: number): string {
  if (!total) return '0.0';
  return ((part / total) * 100).toFixed(1);
}

/**
 * Comments a moderator reviewed that were neither replied to nor deleted (kept as they are, or hidden),
 * so the actions add up to the total (issue 12).
 */
export function reviewedOther(a: Analytics): number {
  return Math.max(0, a.totalComments - a.repliedComments - a.deletedComments - a.pendingComments);
}

function hasData(a: Analytics | undefined): a is Analytics {
  return !!a && a.totalComments > 0;
}

function Row({ label, count, total, color }: { label: string; count: number; total: number; color?: string }) {
  return (
    <li className="cg-list-row">
      <Flex alignItems="center" gap="0.5rem">
        {color && <span className="cg-dot" style={{ background: color }} aria-hidden="true" />}
        <Text as="span">{label}</Text>
      </Flex>
      <Text as="span" fontWeight="600">
        {count.toLocaleString()} <span className="cg-muted cg-small">({pct(count, total)}%)</span>
      </Text>
    </li>
  );
}

export default function AnalyticsPage() {
  const { user } = useAuth();
  const live = !user || planHasFeature(user.subscriptionPlan, 'realtimeAnalytics');
  const q = useAnalytics();
  const a = q.data;

  return (
    <>
      <div className="cg-page-head">
        <Heading level={1} className="cg-page-title">Analytics Dashboard</Heading>
        {a && <Badge size="large" variation="info">{a.totalComments.toLocaleString()} total comments</Badge>}
      </div>
      {!live && (
        <Text className="cg-small cg-muted" marginBottom="1rem" data-testid="analytics-live-note">
          Figures as of when you opened this page. Live updates are included in the {plansWithFeature('realtimeAnalytics')} plans: <Link to="/settings">Plans</Link>
        </Text>
      )}
      {q.isLoading ? (
        <div aria-busy="true" aria-label="Loading analytics">
          <div className="cg-stats">
            {[0, 1, 2, 3].map((i) => (
              <Card key={i} variation="outlined" className="cg-stat"><Placeholder size="small" /><Placeholder size="large" /></Card>
            ))}
          </div>
          <Card variation="outlined" className="cg-card"><Placeholder size="large" /><Placeholder size="large" /><Placeholder size="large" /></Card>
        </div>
      ) : q.isError && !a ? (
        <QueryError error={q.error} what="the analytics" onRetry={() => void q.refetch()} />
      ) : !hasData(a) ? (
        <Card variation="outlined" className="cg-card">
          <Text className="cg-empty">{TEXT.noAnalytics}</Text>
        </Card>
      ) : (
        <>
          <section className="cg-stats" aria-label="Key figures">
            <StatCard label="Positive Comments" value={a.positiveComments.toLocaleString()} hint={`${pct(a.positiveComments, a.totalComments)}% of total`} icon="+" />
            <StatCard label="Negative Comments" value={a.negativeComments.toLocaleString()} hint={`${pct(a.negativeComments, a.totalComments)}% of total`} icon="−" />
            <StatCard label="Spam Detected" value={a.spamComments.toLocaleString()} hint={`${pct(a.spamComments, a.totalComments)}% of total`} icon="!" />
            <StatCard label="AI Confidence" value={`${a.averageConfidence.toFixed(1)}%`} hint="Average decision confidence" icon="%" />
          </section>
          <Grid templateColumns={{ base: '1fr', large: '1fr 1fr' }} gap="1.25rem">
            <Card variation="outlined" className="cg-card" as="section" aria-labelledby="sentiment-title">
              <Heading level={2} id="sentiment-title" className="cg-section-title">Sentiment Distribution</Heading>
              <Suspense fallback={<Placeholder height="300px" />}>
                <SentimentPie
                  data={[
                    { name: 'Positive', value: a.positiveComments, color: COLORS.positive },
                    { name: 'Negative', value: a.negativeComments, color: COLORS.negative },
                    { name: 'Neutral', value: a.neutralComments, color: COLORS.neutral },
                  ]}
                  total={a.totalComments}
                />
              </Suspense>
            </Card>
            <Flex direction="column" gap="1.25rem">
              <Card variation="outlined" className="cg-card" as="section" aria-labelledby="actions-title">
                <Heading level={2} id="actions-title" className="cg-section-title" marginBottom="0.75rem">Comment Actions</Heading>
                <ul className="cg-list">
                  <Row label="Replied" count={a.repliedComments} total={a.totalComments} color={COLORS.positive} />
                  <Row label="Deleted" count={a.deletedComments} total={a.totalComments} color={COLORS.negative} />
                  <Row label="Reviewed, kept or hidden" count={reviewedOther(a)} total={a.totalComments} color={COLORS.spam} />
                  <Row label="Pending" count={a.pendingComments} total={a.totalComments} color={COLORS.neutral} />
                </ul>
                <Text className="cg-small cg-muted" marginTop="0.5rem">Together: every one of the {a.totalComments.toLocaleString()} comments.</Text>
              </Card>
              {a.apiResponseStats.length > 0 && (
                <Card variation="outlined" className="cg-card" as="section" aria-labelledby="api-title">
                  <Heading level={2} id="api-title" className="cg-section-title" marginBottom="0.75rem">API Response Status</Heading>
                  <ul className="cg-list">
                    {a.apiResponseStats.map((s) => (
                      <li key={`${s.status}-${s.message}`} className="cg-list-row">
                        <Flex alignItems="center" gap="0.5rem">
                          <Badge size="small" variation={s.status === 200 ? 'success' : 'error'}>{s.status}</Badge>
                          <Text as="span">{s.message}</Text>
                        </Flex>
                        <Text as="span" fontWeight="600">{s.count.toLocaleString()}</Text>
                      </li>
                    ))}
                  </ul>
                </Card>
              )}
            </Flex>
          </Grid>
          <Card variation="outlined" className="cg-card" as="section" aria-labelledby="quality-title" marginTop="1.25rem">
            <Heading level={2} id="quality-title" className="cg-section-title" marginBottom="0.75rem">Content Quality Insights</Heading>
            <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr 1fr' }} gap="1rem">
              {[
                { id: 'q-off', label: 'Offensive Content Detected', value: a.offensiveComments, color: COLORS.offensive },
                { id: 'q-spam', label: 'Spam Comments Filtered', value: a.spamComments, color: COLORS.spam },
                { id: 'q-clean', label: 'Clean Comments', value: Math.max(0, a.totalComments - a.spamComments - a.offensiveComments), color: COLORS.positive },
              ].map((x) => (
                <div key={x.id} className="cg-quality">
                  <Text as="span" id={x.id} className="cg-small cg-muted">{x.label}</Text>
                  <Text as="span" className="cg-stat-value">{x.value.toLocaleString()}</Text>
                  <ProgressBar value={(x.value / a.totalComments) * 100} labelledBy={x.id} color={x.color} />
                  <Text as="span" className="cg-xsmall cg-muted">{pct(x.value, a.totalComments)}% of total</Text>
                </div>
              ))}
            </Grid>
          </Card>
        </>
      )}
    </>
  );
}
