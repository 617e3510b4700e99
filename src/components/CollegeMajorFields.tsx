import type { FieldBinding } from "./Field.tsx";
import { SelectField } from "./SelectField.tsx";

export type College = { code: string; name: string };

type Props = {
  field: (name: "college" | "major") => FieldBinding;
  colleges: College[];
  majors: string[];
  /** Choosing a college also empties the major and loads the college's majors. */
  onCollege: (college: string) => void;
};

/** The college select and the major select that depends on it (disabled until a college with majors is chosen). */
export function CollegeMajorFields({ field, colleges, majors, onCollege }: Props) {
  const college = field("college");
  return (
    <>
      <SelectField
        {...college}
        onChange={onCollege}
        label="College"
        placeholder="Select your college"
        options={colleges.map((c) => ({ value: c.code, label: c.name ? `${c.code} — ${c.name}` : c.code }))}
      />
      <SelectField
        {...field("major")}
        label="Major"
        placeholder={college.value ? "Select your major" : "Select your college first"}
        options={majors.map((m) => ({ value: m, label: m }))}
        disabled={!college.value || majors.length === 0}
      />
    </>
  );
}
