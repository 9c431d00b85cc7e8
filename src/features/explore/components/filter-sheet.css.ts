import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';
import { pillChoiceOff, pillChoiceOn, pillShape } from '../../../components/ui/pieces.css';

// Laid over the sheet's footer row (its padding and rule come from BottomSheet).
export const actions = style({
  display: 'grid',
  gridTemplateColumns: '1fr 2fr',
  gap: vars.space.sm,
});

export const reset = style({ width: '100%' });
export const apply = style({ width: '100%' });

export const groupTitle = style({ marginBottom: vars.space.sm, fontSize: vars.font.sm, fontWeight: vars.font.bold, color: vars.color.textSub });

export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

const choiceBase = pillShape('40px', `0 ${vars.space.lg}`);

export const choice = style({
  ...choiceBase,
  ...pillChoiceOff(vars.color.text),
});

export const choiceOn = style({
  ...choiceBase,
  ...pillChoiceOn,
});

export const hint = style({ fontSize: vars.font.sm, color: vars.color.textWeak });
