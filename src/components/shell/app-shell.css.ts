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

export const content = styleVariants({
  page: { paddingTop: vars.size.pageTop, paddingBottom: vars.size.pageBottom },
  // Home runs under the transparent header.
  home: { paddingTop: 0, paddingBottom: vars.size.pageBottom },
  bare: { padding: 0 },
});
