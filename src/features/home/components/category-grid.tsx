import { Link } from '@tanstack/react-router';
import { INTEREST_CODES, INTEREST_LABELS } from '../../../../contract/interests-values';
import * as styles from './category-grid.css';
import { CategoryIcon } from './category-icon';

/** Spec "Home" 2: the eight categories, four per row, each opening /explore?interest={code}. */
export function CategoryGrid() {
  return (
    <section className={styles.section} aria-labelledby="home-categories">
      <h2 id="home-categories" className={styles.title}>
        관심사로 둘러보기
      </h2>
      <ul className={styles.grid}>
        {INTEREST_CODES.map((code) => (
          <li key={code}>
            <Link to="/explore" search={{ interest: code }} className={styles.link}>
              <span className={styles.icon}>
                <CategoryIcon code={code} />
              </span>
              {INTEREST_LABELS[code]}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
