#include "check.h"
int main(void){return sn_check_report();}
