/** The toolkit's version; kept equal to package.json by a test. */
export const version = '0.1.0';
