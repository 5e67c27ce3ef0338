/** AssertJ assertions on evaluation reports, for JUnit gates; add the module in test scope. */
module dev.llmsql.assertj {
  requires transitive dev.llmsql.core;
  requires transitive org.assertj.core;

  exports dev.llmsql.assertj;
}
