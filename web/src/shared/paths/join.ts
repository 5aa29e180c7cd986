/** The join page: `/join` asks for a code, `/join/CODE` is a class's join link. */
export const JOIN_PATH = '/join';
