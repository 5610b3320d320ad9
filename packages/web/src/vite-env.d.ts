/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Shown on the "for regular members" page; set at build time, e.g. VITE_SUPPORT_MAIL=sales@example.com */
  readonly VITE_SUPPORT_MAIL?: string;
}
