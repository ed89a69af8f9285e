//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — with a reduction instead of a scan every flagged work-item gets the same pos, so two flagged work-items write out[grp * 64 + pos] with their different x
// cl-std: CL2.0
__kernel void k(__global const int *in, __global int *out)
{
  int gid = get_global_id(0);
  int grp = get_group_id(0);
  int x = in[gid];
  int flag = x > 0 ? 1 : 0;
  int pos = work_group_reduce_add(flag);
  if (flag)
    out[grp * 64 + pos] = x;
}
