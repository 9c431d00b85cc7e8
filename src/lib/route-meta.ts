/**
 * Per-route shell settings, declared as `staticData: { page: {...} }` on each route so the
 * header title and layout live next to the route they describe.
 */
export interface PageMeta {
  /** Header title; without one the header shows the logo and the bell. */
  title?: string;
  /** No shell header (onboarding screens and the login callback). */
  headerHidden?: boolean;
  /** Back goes to /my instead of one history entry (own-profile pages). */
  myPage?: boolean;
  /** Transparent at the page top, white with a shadow once scrolled (home). */
  transparentHeader?: boolean;
  /** One of the five tab roots: shows the bottom tab bar. */
  tabBar?: boolean;
  /** `home`: no top padding; `bare`: no shell padding at all (full-screen onboarding). */
  layout?: 'home' | 'page' | 'bare';
  /** Full window width instead of the phone column (the operator console at /admin). */
  wide?: boolean;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    page?: PageMeta;
  }
}
