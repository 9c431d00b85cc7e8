import { Svg, type IconProps } from '../../../components/ui/icons';

// Chat-only icons, drawn with the shared icon frame.

/** Pending (전송 중). */
export function ClockIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Svg>
  );
}

export function SendIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 12 20 4l-6 16-3-7-7-1Z" />
      <path d="m11 13 9-9" />
    </Svg>
  );
}
