// What browser builds get in place of axios's fetch adapter (see the replacement in rspack-config.ts). In a browser
// axios takes its XHR adapter, first in its list, so the fetch adapter is never asked for: returning no adapter is
// what axios itself does where fetch is missing.
export const getFetch = () => false;
export default false;
