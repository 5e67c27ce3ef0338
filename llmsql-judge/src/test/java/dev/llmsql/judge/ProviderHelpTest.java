package dev.llmsql.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeProvider;
import dev.llmsql.judgement.Judges;
import dev.llmsql.scoring.Scoring;
import dev.llmsql.scoring.ScoringProvider;
import dev.llmsql.scoring.Scorings;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Help lists judges and scorings from their providers: the built-in judges first, then each provider's
 * {@code help()} in class path order (this module's service file: result-set judges, exact-set, dialect), and a
 * provider that keeps the default is listed by sorted name with its sorted options.
 */
class ProviderHelpTest {

  @Test
  void judges_helpListsTheBuiltInsThenThisModulesProviders() {
    assertThat(Judges.help()).containsExactly("llmsql (1.0 rules for every question)",
        "llmsql2[:skip-comments,strict-two-part,all-null-pred-none,strict]", "llmsql-rs",
        "bird[:ves,keep-equal-ratios]", "defog[:no-broadcast]", "falcon[:empty-match,unflagged-ordered,typed]",
        "spider2[:typed,one-to-one]", "strict", "spider-exec[:keep-distinct,no-repair,extract,no-test-suite]",
        "exact-set[:keep-values,extract,structural]",
        "spider[:fix-hardness,fix-and-or,plain-f1] (Spider's report by hardness)",
        "dialect-valid[:sqlite|mysql|postgresql|oracle|sqlserver]");
  }

  @Test
  void scorings_helpListsThisModulesProvider() {
    assertThat(Scorings.help()).containsExactly("executability", "weighted[:unknown-as-1]", "soft-f1",
        "relative-efficiency", "dialect-validity");
  }

  @Test
  void defaultHelp_sortedNames_withSortedOptions() {
    JudgeProvider judges = new JudgeProvider() {
      @Override
      public Set<String> names() {
        return Set.of("zeta", "alpha");
      }

      @Override
      public Set<String> options(String name) {
        return name.equals("zeta") ? Set.of("b", "a") : Set.of();
      }

      @Override
      public Judge create(String name, Set<String> options) {
        return Judges.llmsql();
      }
    };
    ScoringProvider scorings = new ScoringProvider() {
      @Override
      public Set<String> names() {
        return Set.of("zeta", "alpha");
      }

      @Override
      public Scoring create(String name) {
        return Scorings.accuracy();
      }
    };

    assertThat(judges.help()).containsExactly("alpha", "zeta[:a,b]");
    assertThat(scorings.help()).containsExactly("alpha", "zeta");
  }
}
