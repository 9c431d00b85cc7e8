import * as styles from './intro-tiles.css';

const INTRO_URL: string = import.meta.env.VITE_INTRO_URL || 'https://lunchchat.notion.site/';
const FAQ_URL: string = import.meta.env.VITE_FAQ_URL || 'https://lunchchat.notion.site/faq';

const TILES = [
  { href: INTRO_URL, title: '서비스 소개', text: '런치챗은 이런 서비스예요' },
  { href: FAQ_URL, title: '자주 묻는 질문', text: '궁금한 점을 모아 두었어요' },
] as const;

/** Spec "Home" 6: two tiles opening external pages in a new tab. */
export function IntroTiles() {
  return (
    <section className={styles.section} aria-labelledby="home-intro">
      <h2 id="home-intro" className={styles.heading}>
        런치챗 알아보기
      </h2>
      <ul className={styles.grid}>
        {TILES.map((tile) => (
          <li key={tile.title}>
            <a className={styles.tile} href={tile.href} target="_blank" rel="noopener noreferrer">
              <span className={styles.title}>{tile.title}</span>
              <span className={styles.text}>{tile.text}</span>
              <span className={styles.hidden}> (새 탭에서 열려요)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
