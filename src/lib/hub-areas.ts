/**
 * The 21 BU Hub areas, their categories and the units a student needs.
 * SI2 and SO2 share one requirement: a unit of either fulfils it.
 */
export type HubArea = {
  code: string;
  name: string;
  category: string;
  /** Units needed; null for SI2 and SO2, which count together (see HUB_EITHER). */
  required: number | null;
};

export const HUB_AREAS: readonly HubArea[] = [
  {
    code: "PLM",
    name: "Philosophical Inquiry and Life's Meanings",
    category: "Philosophical, Aesthetic, and Historical Interpretation",
    required: 1,
  },
  {
    code: "AEX",
    name: "Aesthetic Exploration",
    category: "Philosophical, Aesthetic, and Historical Interpretation",
    required: 1,
  },
  {
    code: "HCO",
    name: "Historical Consciousness",
    category: "Philosophical, Aesthetic, and Historical Interpretation",
    required: 1,
  },
  { code: "SI1", name: "Scientific Inquiry I", category: "Scientific and Social Inquiry", required: 1 },
  { code: "SO1", name: "Social Inquiry I", category: "Scientific and Social Inquiry", required: 1 },
  { code: "SI2", name: "Scientific Inquiry II", category: "Scientific and Social Inquiry", required: null },
  { code: "SO2", name: "Social Inquiry II", category: "Scientific and Social Inquiry", required: null },
  { code: "QR1", name: "Quantitative Reasoning I", category: "Quantitative Reasoning", required: 1 },
  { code: "QR2", name: "Quantitative Reasoning II", category: "Quantitative Reasoning", required: 1 },
  {
    code: "IIC",
    name: "The Individual in Community",
    category: "Diversity, Civic Engagement, and Global Citizenship",
    required: 1,
  },
  {
    code: "GCI",
    name: "Global Citizenship and Intercultural Literacy",
    category: "Diversity, Civic Engagement, and Global Citizenship",
    required: 2,
  },
  {
    code: "ETR",
    name: "Ethical Reasoning",
    category: "Diversity, Civic Engagement, and Global Citizenship",
    required: 1,
  },
  { code: "FYW", name: "First-Year Writing Seminar", category: "Communication", required: 1 },
  { code: "WRI", name: "Writing, Research, and Inquiry", category: "Communication", required: 1 },
  { code: "WIN", name: "Writing-Intensive Course", category: "Communication", required: 2 },
  { code: "OSC", name: "Oral and/or Signed Communication", category: "Communication", required: 1 },
  { code: "DME", name: "Digital/Multimedia Expression", category: "Communication", required: 1 },
  { code: "CRT", name: "Critical Thinking", category: "Intellectual Toolkit", required: 2 },
  { code: "RIL", name: "Research and Information Literacy", category: "Intellectual Toolkit", required: 2 },
  { code: "TWC", name: "Teamwork/Collaboration", category: "Intellectual Toolkit", required: 2 },
  { code: "CRI", name: "Creativity/Innovation", category: "Intellectual Toolkit", required: 2 },
];

/** One unit of either code fulfils the shared Scientific/Social Inquiry II requirement. */
export const HUB_EITHER = { codes: ["SI2", "SO2"], required: 1 } as const;

export const HUB_CODES: ReadonlySet<string> = new Set(HUB_AREAS.map((a) => a.code));

export function hubName(code: string): string | undefined {
  return HUB_AREAS.find((a) => a.code === code)?.name;
}
