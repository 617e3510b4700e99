/**
 * The reference data every start makes sure of: the colleges students belong
 * to with their majors, and the names of every college and department that
 * courses carry. Written for the project; `ensureReferenceData` loads it.
 */
import catalogNames from "./departments.json" with { type: "json" };
import studentColleges from "./majors.json" with { type: "json" };

export type ReferenceData = {
  /** The colleges a student can register in, with their majors. */
  colleges: { code: string; name: string; majors: string[] }[];
  /** Every college and department code that courses carry, with its name. */
  catalog: {
    colleges: { code: string; name: string }[];
    departments: { college: string; code: string; name: string }[];
  };
};

export const referenceData: ReferenceData = { colleges: studentColleges.colleges, catalog: catalogNames };
