// The worker is built by Vite too: import.meta.env carries the VITE_* variables of the build.
interface ImportMetaEnv {
  readonly VITE_APP_VERSION?: string;
  readonly MODE: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
