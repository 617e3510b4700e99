import {
  createColumnHelper,
  createSortedRowModel,
  flexRender,
  type Row,
  rowSortingFeature,
  sortFn_alphanumeric,
  type SortingState,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { useRef, useState } from "react";
import { island } from "../src/client/island.tsx";
import { type ListIds, seedLists } from "../src/client/lists-store.ts";
import { CourseCard } from "../src/components/CourseCard.tsx";
import { numberValue } from "../src/lib/course-code.ts";
import type { CourseView } from "../src/lib/api-types.ts";

export type CourseSection = { id: string; title: string; courses: CourseView[] };
type Props = {
  sections: CourseSection[];
  lists: ListIds;
  /** What the lists hold, for the view switch's label: "your courses". */
  label: string;
  /** The count line above the lists: "You have 3 courses". */
  summary: string;
};
type View = "cards" | "table";

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric },
});

/** Course codes sort by college, department, then the number's numeric part and its suffix (docs/product.md, Courses). */
function byCode(a: Row<typeof features, CourseView>, b: Row<typeof features, CourseView>): number {
  const x = a.original;
  const y = b.original;
  return x.college.localeCompare(y.college) || x.department.localeCompare(y.department) ||
    numberValue(x.courseCode) - numberValue(y.courseCode) || x.courseCode.localeCompare(y.courseCode);
}

const helper = createColumnHelper<typeof features, CourseView>();
const columns = helper.columns([
  helper.accessor("code", {
    header: "Code",
    sortFn: byCode,
    cell: (info) => <a href={`/course/${info.row.original.id}`}>{info.getValue()}</a>,
  }),
  helper.accessor("title", { header: "Title", sortFn: "alphanumeric" }),
  helper.accessor("averageOverallRating", {
    header: "Overall rating",
    sortDescFirst: true,
    cell: (info) => info.row.original.numReviews ? info.getValue().toFixed(1) : <span className="muted" title="No reviews yet">0.0</span>,
  }),
  helper.accessor((course) => course.hubRequirements.length, {
    id: "hubUnits",
    header: "Hub units",
    sortDescFirst: true,
    cell: (info) => (
      <span className="hub-units-cell">
        <span>{info.getValue()}</span>
        {info.row.original.hubRequirements.length > 0 && <span className="muted">{info.row.original.hubRequirements.map((h) => h.code).join(", ")}</span>}
      </span>
    ),
  }),
]);

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** A sortable table of courses: each header is a button; the sorted header carries aria-sort. */
function CourseTable({ courses, caption }: { courses: CourseView[]; caption: string }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useTable({
    features,
    columns,
    data: courses,
    getRowId: (course) => String(course.id),
    state: { sorting },
    onSortingChange: setSorting,
    enableSortingRemoval: false,
    enableMultiSort: false,
  });
  return (
    <div className="table-scroll">
      <table className="course-table">
        <caption className="visually-hidden">{`${caption}. Choose a column header to sort.`}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th key={header.id} scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : undefined} className={`col-${header.column.id}`}>
                    <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      <span className="sort-icon" aria-hidden="true">{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={`col-${cell.column.id}`}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The student's course lists (My courses, Saved courses): course cards with
 * their toggles, or a sortable table. A card whose toggle is switched off
 * stays on the page, flipped, until the next load, so an accidental click is
 * one click to undo.
 */
function ListedCourses({ sections, lists, label, summary }: Props) {
  const [view, setView] = useState<View>("cards");
  const seeded = useRef(false);
  if (!seeded.current) {
    seeded.current = true;
    seedLists(true, lists);
  }
  return (
    <div className="course-lists">
      <div className="lists-toolbar">
        <p className="list-count">{summary}</p>
        <div className="view-switch" role="group" aria-label={`Show ${label} as`}>
          {(["cards", "table"] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={view === option ? "button button-small" : "button button-small button-ghost"}
              aria-pressed={view === option}
              onClick={() => setView(option)}
            >
              {option === "cards" ? "Cards" : "Table"}
            </button>
          ))}
        </div>
      </div>
      {sections.map((section) => (
        <section key={section.id} className="course-section" aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`}>{section.title}</h2>
          {section.courses.length === 0 ? <p className="muted">None yet.</p> : view === "cards"
            ? (
              <div className="course-grid">
                {section.courses.map((course) => <CourseCard key={course.id} course={course} />)}
              </div>
            )
            : <CourseTable courses={section.courses} caption={section.title.replace(/:$/, "")} />}
        </section>
      ))}
    </div>
  );
}

export default island("ListedCourses", ListedCourses);
