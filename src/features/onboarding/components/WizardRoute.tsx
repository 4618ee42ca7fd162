import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type * as v from 'valibot';
import type { TrackId } from '@domain';
import type { PaymentReturn } from '@machines/onboarding';
import { Wizard } from './Wizard';
import type { WizardSearch } from '../wizard-search';

/** A wizard page: reads the payment outcome once, then drops it from the address so a reload does not replay it. */
export function WizardRoute({ trackId, status }: { trackId: TrackId; status: v.InferOutput<typeof WizardSearch>['status'] }) {
  const navigate = useNavigate();
  const [paymentReturn] = useState<PaymentReturn>(status === 'paid' ? 'paid' : status ? 'cancelled' : null);
  useEffect(() => {
    if (status) navigate({ to: '.', search: {}, replace: true });
  }, [status, navigate]);
  return <Wizard trackId={trackId} paymentReturn={paymentReturn} />;
}
