import { interestLabel } from '../../../contract/interests-values';

interface InterestTagsProps {
  /** Interest codes, shown by their Korean labels in this order. */
  codes: readonly string[];
  /** The list's accessible name. */
  label: string;
  className: string;
  tagClassName: string;
}

/** A member's interests as a labelled list of tags (my page summary, profile header); nothing when there are none. */
export function InterestTags({ codes, label, className, tagClassName }: InterestTagsProps) {
  if (codes.length === 0) return null;
  return (
    <ul className={className} aria-label={label}>
      {codes.map((code) => (
        <li key={code} className={tagClassName}>
          {interestLabel(code)}
        </li>
      ))}
    </ul>
  );
}
