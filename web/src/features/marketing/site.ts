/** Small constants of the public site. */
export const SITE_NAME = 'Pagewarden';
export const SUPPORT_EMAIL = 'support@pagewarden.app';
/** Browser navigation (not SPA navigation): the server answers with a redirect to the sign-in screen. */
export const LOGIN_HREF = '/api/login';

/** "$8.99" — prices always come from PLANS, never retyped. */
export function formatPrice(price: number): string {
  return `$${price.toFixed(2)}`;
}
