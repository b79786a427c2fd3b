/**
 * The card payment step (lazy-loaded: the Stripe modules are only fetched when a payment starts).
 * Spec section 4: the button is disabled until the payment library is ready, reads "Processing..."
 * while busy; after confirmation the provider returns to origin + /dashboard.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';

export interface PaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  planName: string;
  onSuccess: () => void;
  onError: (message: string) => void;
  onLoadError: () => void;
  onCancel: () => void;
}

function CheckoutForm({ planName, onSuccess, onError, onCancel }: Pick<PaymentFormProps, 'planName' | 'onSuccess' | 'onError' | 'onCancel'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const ready = Boolean(stripe && elements && elementReady);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: window.location.origin + '/dashboard' },
        redirect: 'if_required',
      });
      if (error) onError(error.message ?? 'Your payment could not be completed.');
      else onSuccess();
    } catch (err) {
      onError(err instanceof Error ? err.message : 'Your payment could not be completed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label={`Payment for the ${planName} plan`}>
      <div className="mk-pay__element">
        <PaymentElement onReady={() => setElementReady(true)} />
      </div>
      <div className="mk-pay__actions">
        <button type="submit" className="mk-btn mk-btn--primary mk-btn--lg" disabled={!ready || busy}>
          {busy ? 'Processing...' : `Subscribe to ${planName}`}
        </button>
        <button type="button" className="mk-btn mk-btn--secondary mk-btn--lg" onClick={onCancel} disabled={busy}>
          Choose a different plan
        </button>
      </div>
    </form>
  );
}

export default function PaymentForm({ publishableKey, clientSecret, onLoadError, ...rest }: PaymentFormProps) {
  // One Stripe instance per key; a failed script load becomes a notice instead of an unhandled rejection.
  const stripePromise = useMemo<Promise<Stripe | null>>(
    () =>
      loadStripe(publishableKey).catch(() => {
        onLoadError();
        return null;
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [publishableKey],
  );
  return (
    <Elements stripe={stripePromise} options={{ clientSecret }}>
      <CheckoutForm {...rest} />
    </Elements>
  );
}
