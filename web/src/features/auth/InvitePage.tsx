import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api, ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { refetchEverything } from '../../lib/queryClient';
import { FullPageLoader } from '../../components/ui/FullPageLoader';
import { AuthCard } from './AuthCard';
import { withNext } from './next';

function acceptError(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.serverMessage) return err.serverMessage;
    if (err.status === 404 || err.status === 410) return 'This invitation has expired, was revoked or has already been used. Ask for a new one.';
    if (err.status === 403) return 'This invitation was sent to another email address. Sign in with that address to accept it.';
  }
  return 'Failed to accept the invitation. Please try again.';
}

/** /invite?token=…: signed out → sign-up (and back here); signed in → join the workspace. */
export default function InvitePage() {
  const { user, isLoading } = useAuth();
  const token = useSearchParams()[0].get('token') ?? '';
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!user || !token || started.current) return;
    started.current = true;
    api('acceptInvitation', { body: { token } })
      .then(async (joined) => {
        await refetchEverything(client, joined);
        navigate('/dashboard', { replace: true, state: { joined: joined.workspaceName } });
      })
      .catch((err: unknown) => setError(acceptError(err)));
  }, [user, token, client, navigate]);

  if (isLoading) return <FullPageLoader />;
  const here = `${pathname}${search}`;
  if (!user && token) return <Navigate to={withNext('/register', here)} replace />;

  async function switchAccount() {
    await api('logout').catch(() => undefined);
    client.clear();
    navigate(withNext('/login', here), { replace: true });
  }

  return (
    <AuthCard title="Join a workspace" subtitle="Accept the invitation to moderate with your team." footer={<Link to="/dashboard" className="cg-link">Go to your dashboard</Link>}>
      {!token ? (
        <Alert variation="error" role="alert" hasIcon>This invitation link is incomplete: it has no token. Open the link from the email again.</Alert>
      ) : error ? (
        <Flex direction="column" gap="0.75rem">
          <Alert variation="error" role="alert" hasIcon>{error}</Alert>
          {user && <Text className="cg-small cg-muted">You are signed in as {user.email}.</Text>}
          <Button size="small" onClick={() => void switchAccount()}>Sign in with another account</Button>
        </Flex>
      ) : (
        <Flex alignItems="center" gap="0.5rem" role="status">
          <Loader size="small" aria-hidden="true" /> <Text as="span">Joining the workspace...</Text>
        </Flex>
      )}
    </AuthCard>
  );
}

