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

declare module '*.css';
