/**
 * The fields of a trade licence application as the public form sends them, all valid (a grocery of 250 sq ft
 * and ten employees in ward 1: a fee of ₹1,250), for the API tests that apply; each names what it changes.
 * The financial year is the demo's own (read from one of its applications), which the form takes.
 */
export function licenceApplicationFields(financialYear: string, over: Record<string, string> = {}): Record<string, string> {
  return {
    financialYear, licenceType: 'new', tradeName: 'Verma Kirana', structureType: 'immovable', structureSubType: 'pucca', commencementDate: '2024-06-01',
    areaSqft: '250', employees: '10', tradeCategory: 'Retail', tradeType: 'grocery', wardId: '1', doorNo: '4', road: 'Mill Road',
    locality: 'Purani Bazar', pincode: '845401', correspondenceAddress: '4 Mill Road', feePaise: '125000',
    owner1_name: 'Dinesh Verma', owner1_guardianName: 'Ram Verma', owner1_relationship: 'Father', owner1_gender: 'Male', owner1_dateOfBirth: '1979-03-02',
    owner1_mobile: '9800011122', ...over,
  };
}
