import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html, body', {
  margin: 0,
  padding: 0,
  fontFamily: vars.font.family,
  fontSize: vars.font.md,
  lineHeight: vars.font.lineBase,
  color: vars.color.text,
  background: vars.color.bgSoft,
  WebkitTextSizeAdjust: '100%',
  WebkitTapHighlightColor: vars.color.transparent,
});

// The offline banner (components/shell/offline-banner.tsx) sets the attribute while it shows: the
// header, the chat room and the page padding move down by its strip, so it never covers anything.
globalStyle(':root[data-offline]', { vars: { [vars.size.offlineInset]: vars.size.offlineBar } });

globalStyle('body', { minHeight: '100dvh', wordBreak: 'keep-all', overflowWrap: 'anywhere' });

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

globalStyle('button', { cursor: 'pointer' });

globalStyle('h1, h2, h3, p', { margin: 0 });

globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' });

globalStyle('img, svg', { display: 'block' });

globalStyle('a', { color: 'inherit' });

globalStyle('*', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '1ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '1ms !important',
    },
  },
});

// The static splash in index.html: something paints as soon as the HTML and this stylesheet
// arrive, before any script runs; the first render replaces it.
globalStyle('.boot-splash', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  maxWidth: vars.size.maxWidth,
  minHeight: '100dvh',
  margin: '0 auto',
  background: vars.color.bg,
});

globalStyle('.boot-splash img', { width: vars.size.logo, height: vars.size.logo });
