import { useRef, useState } from "react";
import { apiFetch } from "./api.ts";

/**
 * The majors of the chosen college, loaded when the college changes. Only the
 * answer for the latest choice may fill the list; a failed load leaves it
 * empty and is only logged (docs/product.md, Error messages).
 */
export function useMajors(initial: string[] = []) {
  const [majors, setMajors] = useState(initial);
  const latest = useRef(0);

  async function loadMajors(college: string): Promise<void> {
    setMajors([]);
    const request = ++latest.current;
    if (!college) return;
    const result = await apiFetch<string[]>(`/api/auth/majors?college=${encodeURIComponent(college)}`);
    if (request !== latest.current) return;
    if (result.ok && Array.isArray(result.data)) setMajors(result.data);
    else {console.error(
        "[majors] could not load the majors of",
        college,
        result.ok ? "unexpected answer" : result.status,
      );}
  }

  return { majors, loadMajors };
}

/**
 * A college and major pair of a form: choosing a college empties the major
 * and loads the college's majors.
 */
export function useCollegeChoice(
  update: (name: "college" | "major") => (value: string) => void,
  initialMajors: string[] = [],
) {
  const { majors, loadMajors } = useMajors(initialMajors);
  function chooseCollege(college: string) {
    update("college")(college);
    update("major")("");
    void loadMajors(college);
  }
  return { majors, chooseCollege };
}
