/** The join page: `/join` asks for a code, `/join/CODE` is a class's join link. */
export const JOIN_PATH = '/join';

/**
 * The prerendered page the server answers every `/join/CODE` with (crates/college-site/src/classes/mod.rs):
 * it looks up the class once its script runs, where /join itself shows the form for a code at once.
 */
export const JOIN_CODE_SHELL = `${JOIN_PATH}/_code`;
