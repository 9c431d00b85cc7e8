import { style } from '@vanilla-extract/css';

export const sentinel = style({ width: '100%', height: '1px' });
