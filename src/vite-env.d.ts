/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin when it differs from the app's; unset = same origin. */
  readonly VITE_API_URL?: string;
  /** Home intro tiles: external 서비스 소개 and 자주 묻는 질문 pages. */
  readonly VITE_INTRO_URL?: string;
  readonly VITE_FAQ_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
