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
import { useState } from "react";
import type { CourseOffering, CourseView } from "../lib/api-types.ts";
import { numberValue } from "../lib/course-code.ts";
import { formatCount, plural } from "../lib/text.ts";
import { CompareToggle } from "./CompareToggle.tsx";
import { Score } from "./Score.tsx";

/** Between a term and its sections where a screen reader or a copy reads the two lines as one. */
const SEPARATOR = " · ";

/** A course as the table shows it; search results also carry the term they are offered in. */
type TableCourse = CourseView & { offering?: CourseOffering | null };

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric },
});

/** Course codes sort by college, department, then the number's numeric part and its suffix (docs/product.md, Courses). */
function byCode(a: Row<typeof features, TableCourse>, b: Row<typeof features, TableCourse>): number {
  const x = a.original;
  const y = b.original;
  return x.college.localeCompare(y.college) || x.department.localeCompare(y.department) ||
    numberValue(x.courseCode) - numberValue(y.courseCode) || x.courseCode.localeCompare(y.courseCode);
}

const helper = createColumnHelper<typeof features, TableCourse>();
const columns = helper.columns([
  helper.accessor("code", {
    header: "Code",
    sortFn: byCode,
    cell: (info) => <a href={`/course/${info.row.original.id}`}>{info.getValue()}</a>,
  }),
  helper.accessor("title", { header: "Title", sortFn: "alphanumeric" }),
  // Only for search results, which carry `offering`: sorted soonest term first, then most sections; courses without one last.
  helper.accessor((c) => c.offering ? c.offering.term * 1000 + 999 - Math.min(c.offering.sections, 999) : 1e7, {
    id: "offered",
    header: "Offered",
    cell: (info) => {
      const offering = info.row.original.offering;
      if (!offering) {
        return (
          <span className="muted">
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">No sections</span>
          </span>
        );
      }
      // The term over its sections, so the column stays narrow; read as one line: "Fall 2026 · 3 sections".
      return (
        <span className="offering-cell">
          <span>{offering.name}</span>
          <span className="muted">
            <span className="visually-hidden">{SEPARATOR}</span>
            {plural(offering.sections, "section")}
          </span>
        </span>
      );
    },
  }),
  helper.accessor((course) => course.numReviews ? course.averageOverallRating : -1, {
    id: "overall",
    header: "Overall rating",
    sortDescFirst: true,
    // The Reviews column beside it carries the count.
    cell: (info) => <Score value={info.row.original.averageOverallRating} count={info.row.original.numReviews} />,
  }),
  helper.accessor("numReviews", {
    header: "Reviews",
    sortDescFirst: true,
    cell: (info) => formatCount(info.getValue()),
  }),
  helper.accessor((course) => course.hubRequirements.length, {
    id: "hubUnits",
    header: "Hub units",
    sortDescFirst: true,
    cell: (info) => (
      <span className="hub-units-cell">
        <span>{info.getValue()}</span>
        {info.row.original.hubRequirements.length > 0 && (
          <span className="muted">{info.row.original.hubRequirements.map((h) => h.code).join(", ")}</span>
        )}
      </span>
    ),
  }),
  helper.display({
    id: "compare",
    header: "Compare",
    // The column's heading says "Compare": the button shows its mark, and keeps its name for screen readers.
    cell: (info) => <CompareToggle courseId={info.row.original.id} code={info.row.original.code} compact />,
  }),
]);

const columnsWithoutOffering = columns.filter((column) => column.id !== "offered");

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** A sortable table of courses: each sortable header is a button; the sorted header carries aria-sort. The last column picks courses to compare. */
export function CourseTable({ courses, caption }: { courses: TableCourse[]; caption: string }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const withOffering = courses.some((course) => course.offering !== undefined);
  const table = useTable({
    features,
    columns: withOffering ? columns : columnsWithoutOffering,
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
                const title = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
                    className={`col-${header.column.id}`}
                  >
                    {header.column.getCanSort()
                      ? (
                        <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                          {title}
                          <span className="sort-icon" aria-hidden="true">
                            {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                          </span>
                        </button>
                      )
                      : title}
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
                <td key={cell.id} className={`col-${cell.column.id}`}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default CourseTable;
