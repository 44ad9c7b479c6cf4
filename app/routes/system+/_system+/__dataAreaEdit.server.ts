import { z } from "zod";
import { entityFields } from "./__dataAreaList.server";

/** The edit form of a company entity: every field of the add form but the code, which never changes. */
const { code: _code, ...editable } = entityFields;
export const DataAreaEditSchema = z.object(editable);
