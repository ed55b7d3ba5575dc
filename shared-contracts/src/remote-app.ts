/** What the shell (or the standalone harness) hands every remote at mount. */
export interface RemoteProps {
  name: string;
  /** The path the remote's router nests its routes under ('/' or '/SupportCenter'). */
  basename: string;
  domElement?: HTMLElement;
}

/** single-spa lifecycles as plain functions of the remote's props. */
export interface AppLifecycles {
  bootstrap: (props: RemoteProps) => Promise<unknown>;
  mount: (props: RemoteProps) => Promise<unknown>;
  unmount: (props: RemoteProps) => Promise<unknown>;
}

/** What a remote's `./app` module exports. */
export interface RemoteApp extends AppLifecycles {
  /** The contract version this remote was built against (DESIGN §4). */
  contractVersion: string;
}
