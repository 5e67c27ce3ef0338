package dev.llmsql.extraction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TablePlaceholderTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
      # sql                                                    | expected
      SELECT a FROM Table                                      | SELECT a FROM "1-2"
      SELECT a FROM "Table"                                    | SELECT a FROM "1-2"
      SELECT a FROM 'Table'                                    | SELECT a FROM "1-2"
      SELECT a FROM `Table`                                    | SELECT a FROM "1-2"
      SELECT a FROM [Table]                                    | SELECT a FROM "1-2"
      select a from table where b = 1                          | select a from "1-2" where b = 1
      SELECT a FROM TABLE                                      | SELECT a FROM "1-2"
      SELECT a From "TABLE"                                    | SELECT a From "1-2"
      SELECT COUNT(*) FROM Table;                              | SELECT COUNT(*) FROM "1-2";
      SELECT a FROM Table AS t JOIN Table AS u ON t.a = u.a    | SELECT a FROM "1-2" AS t JOIN "1-2" AS u ON t.a = u.a
      SELECT a FROM Table t left join 'table' u ON t.a = u.a   | SELECT a FROM "1-2" t left join "1-2" u ON t.a = u.a
      SELECT * FROM (SELECT a FROM Table)                      | SELECT * FROM (SELECT a FROM "1-2")
      SELECT a FROM"Table"                                     | SELECT a FROM"1-2"
      SELECT a FROM Tables                                     | SELECT a FROM Tables
      SELECT a FROM TableX                                     | SELECT a FROM TableX
      SELECT a FROM Table_1                                    | SELECT a FROM Table_1
      SELECT a FROM "Tables"                                   | SELECT a FROM "Tables"
      SELECT a FROM "Table""s"                                 | SELECT a FROM "Table""s"
      SELECT a FROM Tableé                                     | SELECT a FROM Tableé
      SELECT a FROMTable                                       | SELECT a FROMTable
      SELECT a FROM t WHERE x = 'FROM Table'                   | SELECT a FROM t WHERE x = 'FROM Table'
      SELECT a FROM t WHERE x = "FROM Table"                   | SELECT a FROM t WHERE x = "FROM Table"
      SELECT a FROM t WHERE x = 'it''s FROM Table'             | SELECT a FROM t WHERE x = 'it''s FROM Table'
      SELECT "from Table" FROM Table                           | SELECT "from Table" FROM "1-2"
      SELECT a FROM t /* FROM Table */                         | SELECT a FROM t /* FROM Table */
      SELECT a FROM my_table                                   | SELECT a FROM my_table
      SELECT a FROM "2-17637370-13"                            | SELECT a FROM "2-17637370-13"
      SELECT a FROM Tab                                        | SELECT a FROM Tab
      SELECT a FROM T                                          | SELECT a FROM T
      SELECT a FROM "Tab                                       | SELECT a FROM "Tab
      """)
  void replace_table_givesExactSql(String sql, String expected) {
    assertThat(TablePlaceholder.replace(sql, "1-2")).isEqualTo(expected);
  }

  @Test
  void replace_whitespaceAfterKeyword_isKept() {
    assertThat(TablePlaceholder.replace("SELECT a\nFROM\n\tTable\nWHERE b = 1", "1-2"))
        .isEqualTo("SELECT a\nFROM\n\t\"1-2\"\nWHERE b = 1");
  }

  @Test
  void replace_apostropheInComment_stillReplaces() {
    // LLMSQL replaces here; skipping the comment keeps its apostrophe from opening a literal
    assertThat(TablePlaceholder.replace("SELECT a -- the player's team\nFROM Table WHERE b = 'x'", "1-2"))
        .isEqualTo("SELECT a -- the player's team\nFROM \"1-2\" WHERE b = 'x'");
  }

  @Test
  void replace_tablesWord_isNotCorrupted() {
    // LLMSQL's text replace gives SELECT a FROM "1-2"s
    assertThat(TablePlaceholder.replace("SELECT a FROM Tables", "1-2")).isEqualTo("SELECT a FROM Tables");
  }

  @Test
  void replace_joinAndLowerCase_areReplaced() {
    // LLMSQL replaces only the exact text "FROM Table"
    assertThat(TablePlaceholder.replace("select a from table join Table", "1-2"))
        .isEqualTo("select a from \"1-2\" join \"1-2\"");
  }

  @Test
  void replace_nonAsciiLookAlikeKeyword_isLeftAlone() {
    // SQLite folds only ASCII letters: "joın" (dotless i) is an identifier, although Java's case-insensitive
    // regionMatches would read it as JOIN
    assertThat(TablePlaceholder.replace("SELECT a FROM t jo\u0131n Table", "1-2"))
        .isEqualTo("SELECT a FROM t jo\u0131n Table");
  }

  @Test
  void replace_severalPlaceholdersAndCommentsAndBrackets_givesExactSql() {
    assertThat(TablePlaceholder.replace("SELECT [from Table] /* FROM Table */ FROM `Table` JOIN\n[TABLE] -- join Table",
        "1-2"))
        .isEqualTo("SELECT [from Table] /* FROM Table */ FROM \"1-2\" JOIN\n\"1-2\" -- join Table");
  }

  @Test
  void replace_placeholderInStringLiteral_isKept() {
    assertThat(TablePlaceholder.replace("SELECT a FROM Table WHERE x = 'FROM Table'", "1-2"))
        .isEqualTo("SELECT a FROM \"1-2\" WHERE x = 'FROM Table'");
  }

  @Test
  void replace_tableIdWithQuote_isEscaped() {
    assertThat(TablePlaceholder.replace("SELECT a FROM Table", "a\"b")).isEqualTo("SELECT a FROM \"a\"\"b\"");
  }

  @Test
  void replace_noPlaceholder_returnsSameInstance() {
    String sql = "SELECT a FROM \"1-2\"";

    assertThat(TablePlaceholder.replace(sql, "1-2")).isSameAs(sql);
  }

  @Test
  void replace_nullTableId_isRejected() {
    assertThatThrownBy(() -> TablePlaceholder.replace("SELECT 1", null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("tableId");
  }
}
