//! CSV files the staff download (a class's progress, the inbox's enquiries), as spreadsheets
//! read them.

/// One CSV line, CRLF-terminated. A cell is quoted when it holds a quote, comma or line
/// break; one that begins with a character a spreadsheet reads as a formula gets a leading
/// apostrophe, so that a student's name cannot run in the teacher's spreadsheet.
pub fn csv_line<'a>(cells: impl Iterator<Item = &'a str>) -> String {
    let cells: Vec<String> = cells
        .map(|cell| {
            let cell = if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
                format!("'{cell}")
            } else {
                cell.to_owned()
            };
            if cell.contains(['"', ',', '\n', '\r']) {
                format!("\"{}\"", cell.replace('"', "\"\""))
            } else {
                cell
            }
        })
        .collect();
    format!("{}\r\n", cells.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_quoted_and_formulas_defused() {
        assert_eq!(
            csv_line(["Asha", "a, b", "say \"hi\"", "=SUM(A1)", "+919876543210"].into_iter()),
            "Asha,\"a, b\",\"say \"\"hi\"\"\",'=SUM(A1),'+919876543210\r\n"
        );
    }
}
