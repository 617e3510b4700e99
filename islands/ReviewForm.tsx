import { type FormEvent, useEffect, useRef, useState } from "react";
import { apiFetch } from "../src/client/api.ts";
import { island } from "../src/client/island.tsx";
import { loginUrl } from "../src/client/navigation.ts";
import { readStored, removeStored, reviewDraftKey, writeStored } from "../src/client/storage.ts";
import { Field } from "../src/components/Field.tsx";
import { RATING_CAPTIONS, REVIEW_LIMITS, reviewSchema } from "../src/lib/schemas.ts";
import { useForm } from "../src/client/use-form.ts";
import { textLength } from "../src/lib/text.ts";
import { currentSemester, parseSemester, semesterHint } from "../src/lib/semesters.ts";
import type { ReviewView } from "../src/lib/api-types.ts";

type Props = {
  courseId: number;
  courseCode: string;
  existing: ReviewView | null;
  /** Professor names other reviews of this course used, offered as the student types. */
  professors?: string[];
  /** Recent semesters in their canonical spelling, offered as the student types. */
  semesters?: string[];
  /** Who taught the course in the terms the class schedule knows (term as src/lib/semesters.ts counts), latest first. */
  taught?: { term: number; name: string; instructors: string[] }[];
};

const RATINGS = [
  ["usefulnessRating", "Usefulness", "How useful was this course?"],
  ["difficultyRating", "Difficulty", "How difficult was it?"],
  ["workloadRating", "Workload", "How heavy was the workload?"],
  ["interestRating", "Interest", "How interesting was it?"],
  ["teacherRating", "Teacher", "How good was the teaching?"],
] as const;
type RatingKey = (typeof RATINGS)[number][0];

type Values = Record<RatingKey, number> & {
  teacherName: string;
  semester: string;
  hoursPerWeek: string;
  attendanceRequired: boolean;
  assignmentTypes: string;
  reviewText: string;
};

function initialValues(existing: ReviewView | null): Values {
  return {
    usefulnessRating: existing?.usefulnessRating ?? 3,
    difficultyRating: existing?.difficultyRating ?? 3,
    workloadRating: existing?.workloadRating ?? 3,
    interestRating: existing?.interestRating ?? 3,
    teacherRating: existing?.teacherRating ?? 3,
    teacherName: existing?.teacherName ?? "",
    semester: existing?.semester ?? "",
    hoursPerWeek: existing ? String(existing.hoursPerWeek) : "",
    attendanceRequired: existing?.attendanceRequired ?? false,
    assignmentTypes: existing?.assignmentTypes ?? "",
    reviewText: existing?.reviewText ?? "",
  };
}

const ORDER = ["teacherName", "semester", "hoursPerWeek", "assignmentTypes", "reviewText"];

type Draft = { values: Values; savedAt: string };

/**
 * Keeps the review as it is typed in this browser, and brings it back on the next visit: a reload, a wrong tap or a
 * closed tab loses nothing. Leaving with unsent changes asks first. `restored` names when a draft was brought back.
 */
function useDraft(
  courseId: number,
  existing: ReviewView | null,
  values: Values,
  setValues: (values: Values) => void,
  sending: { current: boolean },
) {
  const key = reviewDraftKey(courseId, existing?.id ?? null);
  const start = useRef(JSON.stringify(initialValues(existing)));
  const [restored, setRestored] = useState<string | null>(null);
  const ready = useRef(false);
  const dirty = JSON.stringify(values) !== start.current;

  // After hydration (the server knows no drafts): bring one back.
  useEffect(() => {
    const stored = readStored(key);
    try {
      const draft = stored ? JSON.parse(stored) as Draft : null;
      if (draft && JSON.stringify({ ...initialValues(existing), ...draft.values }) !== start.current) {
        setValues({ ...initialValues(existing), ...draft.values });
        setRestored(new Date(draft.savedAt).toLocaleString([], { dateStyle: "medium", timeStyle: "short" }));
      }
    } catch {
      removeStored(key);
    }
    ready.current = true;
  }, []);

  // Each change is kept; back to where it started, nothing is.
  useEffect(() => {
    if (!ready.current) return;
    if (dirty) writeStored(key, JSON.stringify({ values, savedAt: new Date().toISOString() } satisfies Draft));
    else removeStored(key);
  }, [values]);

  // Leaving with changes not sent asks first (the draft is kept either way).
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (event: BeforeUnloadEvent) => {
      if (sending.current) return;
      event.preventDefault();
    };
    addEventListener("beforeunload", onLeave);
    return () => removeEventListener("beforeunload", onLeave);
  }, [dirty]);

  return {
    restored,
    /** Forgets the draft; `reset` also puts the form back as it started. */
    discard(reset = false) {
      removeStored(key);
      setRestored(null);
      if (reset) {
        start.current = JSON.stringify(initialValues(existing));
        setValues(initialValues(existing));
      }
    },
  };
}

/** Five 1-5 rating rows (radio groups: arrow keys move within a row), the review's details, and its text with a live counter. */
function ReviewForm({ courseId, courseCode, existing, professors = [], semesters = [], taught = [] }: Props) {
  const form = useForm<Values>(() => initialValues(existing), { idPrefix: "review", order: ORDER });
  const { values, update, status, field } = form;
  const [existingId, setExistingId] = useState<string | null>(null);
  const editing = existing !== null;
  const sending = form.busy;
  const draft = useDraft(courseId, existing, values, form.setValues, form.inFlight);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.inFlight.current) return;
    const data = form.validate(reviewSchema);
    if (!data) return;
    setExistingId(null);
    const result = await form.run(
      () =>
        editing
          ? apiFetch<ReviewView>(`/api/reviews/${existing.id}`, { method: "PUT", body: data })
          : apiFetch<ReviewView>(`/api/reviews/course/${courseId}`, { method: "POST", body: data }),
      "Failed to submit review. Please try again.",
      () => {
        // Sent: the draft has done its work.
        draft.discard();
        location.assign(`/course/${courseId}?review=${editing ? "updated" : "submitted"}`);
        return "leaving";
      },
    );
    if (result && !result.ok && result.status === 401) location.assign(loginUrl());
    // Already reviewed: offer the existing review instead.
    if (result && !result.ok && result.status === 409) setExistingId(result.fields?.reviewId ?? null);
  }

  const length = textLength(values.reviewText);
  const semesterRead = semesterHint(values.semester);
  // The instructors of the semester chosen, or before one is typed, of the latest term that has begun.
  const chosen = parseSemester(values.semester);
  const now = currentSemester(new Date());
  const teaching = values.semester.trim() ? taught.find((t) => t.term === chosen) : taught.find((t) => t.term <= now);
  const names = [
    ...new Set([...(teaching?.instructors ?? []), ...taught.flatMap((t) => t.instructors), ...professors]),
  ];
  return (
    <form className="form review-form" onSubmit={submit} noValidate aria-label={`Review of ${courseCode}`}>
      {draft.restored && (
        <p className="alert alert-info review-draft" role="status">
          {`Your unsent review from ${draft.restored} is back. `}
          <button type="button" className="link-button" onClick={() => draft.discard(true)}>Discard it</button>
        </p>
      )}
      {RATINGS.map(([key, label, question]) => (
        <fieldset key={key} className="rating-row">
          <legend>
            {label} <span className="muted">{question}</span>
          </legend>
          <div className="rating-options">
            {RATING_CAPTIONS.map((caption, i) => (
              <label key={caption} className="rating-option">
                <input
                  type="radio"
                  name={key}
                  value={i + 1}
                  checked={values[key] === i + 1}
                  onChange={() => update(key)(i + 1)}
                />
                <span className="rating-number">{i + 1}</span>
                <span className="rating-caption">{caption}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <div className="teacher-field">
        <Field {...field("teacherName")} label="Professor Name" suggestions={names} />
        {teaching && (
          <div className="taught" role="group" aria-label={`Taught ${courseCode} in ${teaching.name}`}>
            <span className="muted">{`Taught in ${teaching.name}:`}</span>
            {teaching.instructors.map((name) => (
              <button
                key={name}
                type="button"
                className="chip"
                aria-pressed={values.teacherName === name}
                onClick={() => update("teacherName")(name)}
              >
                {name}
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="semester-field">
        <Field
          {...field("semester")}
          label="Semester Taken"
          placeholder="e.g. Fall 2024"
          suggestions={semesters}
          hint={semesterRead?.text}
        />
        {semesterRead?.canonical && (
          <button
            type="button"
            className="link-button"
            onClick={() => update("semester")(semesterRead.canonical!)}
          >
            {`Use "${semesterRead.canonical}"`}
          </button>
        )}
      </div>
      <Field {...field("hoursPerWeek")} label="Hours per Week" type="number" placeholder="0-40" />
      <label className="check">
        <input
          type="checkbox"
          name="attendanceRequired"
          checked={values.attendanceRequired}
          onChange={(e) => update("attendanceRequired")(e.target.checked)}
        />
        <span>Attendance Required</span>
      </label>
      <Field {...field("assignmentTypes")} label="Assignment Types" placeholder="e.g. problem sets, essays, exams" />
      <Field
        {...field("reviewText")}
        label="Your Review"
        multiline
        rows={6}
        hint={`Character limit: ${REVIEW_LIMITS.reviewText} (${length} used)`}
      />
      {status.kind === "failed" && (status.message || existingId) && (
        <p className="alert alert-error" role="alert">
          {status.message}
          {existingId && (
            <>
              {" "}
              <a href={`/course/${courseId}/review?edit=${existingId}`}>Edit your review</a>
            </>
          )}
        </p>
      )}
      <button type="submit" className="button" disabled={sending} aria-busy={sending}>
        {sending ? (editing ? "Updating..." : "Submitting...") : editing ? "Update Review" : "Submit Review"}
      </button>
    </form>
  );
}

export default island("ReviewForm", ReviewForm);
