import * as v from 'valibot';

/**
 * The payment page sends the customer back to the wizard with the outcome. Apart from the wizard itself: a route's
 * search schema is loaded with the app, its component only when the page opens.
 */
export const WizardSearch = v.object({
  status: v.fallback(v.optional(v.picklist(['paid', 'cancelled', 'expired'])), undefined),
  checkout: v.fallback(v.optional(v.string()), undefined),
});
