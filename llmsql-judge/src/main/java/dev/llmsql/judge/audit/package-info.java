/** The audit's gold inspector on JSqlParser (not exported: found with ServiceLoader). */
package dev.llmsql.judge.audit;
