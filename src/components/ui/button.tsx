import type { ButtonHTMLAttributes } from 'react';
import * as styles from './button.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof styles.variant;
  size?: keyof typeof styles.size;
  block?: boolean;
}

export function Button({ variant = 'primary', size = 'lg', block = false, className, type = 'button', ...props }: ButtonProps) {
  const classes = [styles.base, styles.variant[variant], styles.size[size], block ? styles.block : '', className ?? ''].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...props} />;
}
