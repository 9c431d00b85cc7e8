import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import { fixedActionBar } from '../../../components/ui/pieces.css';

export const root = style({
  padding: `${vars.space.lg} ${vars.space.xl} calc(${vars.size.button} + ${vars.space.huge})`,
});

export const heading = style({ fontSize: vars.font.xl, fontWeight: vars.font.bold, lineHeight: vars.font.lineTight });

export const sub = style({ marginTop: vars.space.sm, fontSize: vars.font.sm, color: vars.color.textWeak });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxl, marginTop: vars.space.xxl });

export const error = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.lg,
  padding: `${vars.space.huge} 0`,
  color: vars.color.textSub,
});

// Same fixed bottom action as the wizard, above the page's bottom padding (no tab bar here).
export const footer = style(fixedActionBar);
