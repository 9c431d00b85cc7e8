// Style pieces several components spread into their own `style({...})`, so a shared look is
// written once (values only from the theme, as everywhere).
import { vars } from '../../styles/theme.css';

/** A column of centred content (empty states, the sign-in callback, tab bar items). */
export const centeredColumn = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
} as const;

/**
 * Where a toast's top sits: under the screen's header, never over it (a toast there hid who the
 * chat room is with and its ⋯ menu). Every header (app shell and chat room alike) is `size.header`
 * tall below the offline strip's inset, so one offset fits every screen.
 */
export const belowHeader = `calc(${vars.size.offlineInset} + ${vars.size.header} + ${vars.space.sm})`;

/** A list without bullets or the browser's indent. */
export const bareList = { margin: 0, padding: 0, listStyle: 'none' } as const;

/** The box of a one-line form control (text field, dropdown trigger). */
export const fieldBox = {
  width: '100%',
  minHeight: vars.size.button,
  padding: `0 ${vars.space.lg}`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.bg,
} as const;

/** The fixed bottom action (wizard and edit pages): centred in the app column, above the safe area, fading the content under it. */
export const fixedActionBar = {
  position: 'fixed',
  bottom: 0,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: vars.z.fixedAction,
  width: '100%',
  maxWidth: vars.size.maxWidth,
  padding: `${vars.space.md} ${vars.space.xl} calc(${vars.space.xl} + env(safe-area-inset-bottom))`,
  background: `linear-gradient(to top, ${vars.color.bg} 75%, ${vars.color.transparent})`,
} as const;

/** A bar floating over the content, centred in the app column (update toast, push prompt). */
export const floatingBar = {
  position: 'fixed',
  left: '50%',
  transform: 'translateX(-50%)',
  display: 'flex',
  alignItems: 'center',
  width: `calc(100% - ${vars.space.xxl})`,
  maxWidth: `calc(${vars.size.maxWidth} - ${vars.space.xxl})`,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  fontSize: vars.font.sm,
} as const;

/** The keyboard focus outline, for a style's `selectors`. */
export const focusRing = { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } };

/** An unselected pill choice (filters, chips); the style adds its text colour. */
export const pillOff = { border: `1px solid ${vars.color.line}`, background: vars.color.bg } as const;

/** A selected pill choice in the brand colour. */
const pillOnBrand = {
  border: `1px solid ${vars.color.brandStrong}`,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontWeight: vars.font.bold,
} as const;

/** A small tag in the brand colour (interests on cards and profiles); the style adds its padding. */
export const brandTag = {
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.brandStrong,
  fontSize: vars.font.xs,
} as const;

/** A bar pinned to the bottom of the app column over a shadow (the profile's match and photo bars). */
export const pinnedBar = {
  position: 'fixed',
  left: '50%',
  bottom: 0,
  zIndex: vars.z.fixedAction,
  width: '100%',
  maxWidth: vars.size.maxWidth,
  transform: 'translateX(-50%)',
  padding: `${vars.space.md} ${vars.space.xl} calc(${vars.space.md} + env(safe-area-inset-bottom))`,
  background: vars.color.bg,
  boxShadow: vars.shadow.tabBar,
} as const;

/** A bold one-line name cut with an ellipsis (chat list and room header). */
export const nameLine = {
  fontSize: vars.font.md,
  fontWeight: vars.font.bold,
  lineHeight: vars.font.lineTight,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** A borderless small bold text button (sort select, profile tabs); the style adds its size and focus. */
export const plainTextButton = {
  border: 'none',
  background: vars.color.transparent,
  color: vars.color.text,
  fontSize: vars.font.sm,
  fontWeight: vars.font.bold,
  cursor: 'pointer',
} as const;

/** A touch-sized box with its icon centred (icon buttons, sheet close); the style adds display and look. */
export const touchTarget = {
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.touch,
  height: vars.size.touch,
} as const;

/** A centred column for a message in place of a screen (route error, the mentor page's failure). */
export const noticeColumn = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.lg,
} as const;

/** A row with its ends pushed apart and centred vertically (sheet head, dropdown trigger and options, my-page rows). */
export const spacedRow = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
} as const;

/** An unselected pill choice (explore chips, filters, sheet choices) in `color`, with the focus ring; its style adds size and padding. */
export const pillChoiceOff = (color: string) => ({ ...pillOff, color, selectors: focusRing });

/** A pill-shaped tap target (filter chips, sheet choices) of this height and padding, small text. */
export const pillShape = (minHeight: string, padding: string) =>
  ({ minHeight, padding, borderRadius: vars.radius.pill, fontSize: vars.font.sm, cursor: 'pointer' }) as const;

/** The selected pill choice: brand colours and the focus ring. */
export const pillChoiceOn = { ...pillOnBrand, selectors: focusRing };

/** A chat message quoted as it was sent (the report sheet, the operators' report list). */
export const quotedMessage = {
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: `3px solid ${vars.color.line}`,
  borderRadius: vars.radius.sm,
  background: vars.color.bgSoft,
  fontSize: vars.font.sm,
  color: vars.color.textSub,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
} as const;
