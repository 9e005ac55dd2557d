/** Building blocks of the wire shapes. */
import { type TSchema, Type } from '@sinclair/typebox';

/** A value or null (an absent picture, a year nobody entered). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
