/**
 * The meta-schemas of the supported dialects, as ajv ships them: a schema may
 * `$ref` its dialect's meta-schema by URI, and a validator must know it
 * without fetching. The 2020-12 meta-schema is split into vocabulary
 * documents, all listed.
 */
import type { Dialect } from './dialect.js';
import schema2020 from 'ajv/dist/refs/json-schema-2020-12/schema.json' with { type: 'json' };
import core2020 from 'ajv/dist/refs/json-schema-2020-12/meta/core.json' with { type: 'json' };
import applicator2020 from 'ajv/dist/refs/json-schema-2020-12/meta/applicator.json' with { type: 'json' };
import unevaluated2020 from 'ajv/dist/refs/json-schema-2020-12/meta/unevaluated.json' with { type: 'json' };
import validation2020 from 'ajv/dist/refs/json-schema-2020-12/meta/validation.json' with { type: 'json' };
import metaData2020 from 'ajv/dist/refs/json-schema-2020-12/meta/meta-data.json' with { type: 'json' };
import formatAnnotation2020 from 'ajv/dist/refs/json-schema-2020-12/meta/format-annotation.json' with { type: 'json' };
import content2020 from 'ajv/dist/refs/json-schema-2020-12/meta/content.json' with { type: 'json' };
import schemaDraft07 from 'ajv/dist/refs/json-schema-draft-07.json' with { type: 'json' };

/** Each document carries its absolute `$id`. */
export const metaSchemaDocuments: Readonly<Record<Dialect, readonly object[]>> = {
  '2020-12': [
    schema2020,
    core2020,
    applicator2020,
    unevaluated2020,
    validation2020,
    metaData2020,
    formatAnnotation2020,
    content2020,
  ],
  'draft-07': [schemaDraft07],
};
