/** Set by the rspack config factory: the shared-contracts version an app was built against. */
declare const __BUILT_CONTRACT_VERSION__: string;

declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

declare module '*.svg' {
  const url: string;
  export default url;
}

/** An SVG file's text, for a server that puts it into the page (rule in rspack-config.ts). */
declare module '*.svg?raw' {
  const text: string;
  export default text;
}

declare module '*.css';
