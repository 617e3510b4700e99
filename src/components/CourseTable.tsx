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
import type { CourseView } from "../lib/api-types.ts";
import { numberValue } from "../lib/course-code.ts";
import { formatCount } from "../lib/text.ts";
import { CompareToggle } from "./CompareToggle.tsx";
import { Score } from "./Score.tsx";

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
    cell: (info) => <CompareToggle courseId={info.row.original.id} code={info.row.original.code} />,
  }),
]);

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** A sortable table of courses: each sortable header is a button; the sorted header carries aria-sort. The last column picks courses to compare. */
export function CourseTable({ courses, caption }: { courses: CourseView[]; caption: string }) {
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
