import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const frame = style({
  position: 'relative',
  width: '100%',
  maxWidth: vars.size.maxWidth,
  minHeight: '100dvh',
  margin: '0 auto',
  background: vars.color.bg,
});

/** Operator screens use the whole window (a laptop first). */
export const wideFrame = style([frame, { maxWidth: 'none' }]);

// Each starts below the offline banner's strip while it shows (0 otherwise).
export const content = styleVariants({
  page: { paddingTop: `calc(${vars.size.pageTop} + ${vars.size.offlineInset})`, paddingBottom: vars.size.pageBottom },
  // Home runs under the transparent header.
  home: { paddingTop: vars.size.offlineInset, paddingBottom: vars.size.pageBottom },
  bare: { padding: 0, paddingTop: vars.size.offlineInset },
});
