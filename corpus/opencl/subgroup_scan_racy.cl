//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — out[gid / 2] is written by work-items 2k and 2k + 1 with different scan values
// cl-std: CL2.0
__kernel void k(__global const int *in, __global int *out)
{
  int gid = get_global_id(0);
  int s = sub_group_scan_inclusive_add(in[gid]);
  out[gid / 2] = s + (int)get_sub_group_local_id();
}
