import { SelectField } from "./SelectField.tsx";

export type College = { code: string; name: string };

type Props = {
  idOf: (name: string) => string;
  colleges: College[];
  majors: string[];
  college: string;
  major: string;
  errors: Record<string, string>;
  onCollege: (college: string) => void;
  onMajor: (major: string) => void;
};

/** The college select and the major select that depends on it (disabled until a college with majors is chosen). */
export function CollegeMajorFields({ idOf, colleges, majors, college, major, errors, onCollege, onMajor }: Props) {
  return (
    <>
      <SelectField
        id={idOf("college")}
        label="College"
        name="college"
        value={college}
        onChange={onCollege}
        placeholder="Select your college"
        options={colleges.map((c) => ({ value: c.code, label: c.name ? `${c.code} — ${c.name}` : c.code }))}
        error={errors.college}
      />
      <SelectField
        id={idOf("major")}
        label="Major"
        name="major"
        value={major}
        onChange={onMajor}
        placeholder={college ? "Select your major" : "Select your college first"}
        options={majors.map((m) => ({ value: m, label: m }))}
        disabled={!college || majors.length === 0}
        error={errors.major}
      />
    </>
  );
}
