//pass
//--local_size=64 --num_groups=16
// expect: drf — the exclusive scan of 0/1 flags gives every flagged work-item a distinct pos < 64, so the writes out[grp * 64 + pos] never collide
// cl-std: CL2.0
__kernel void k(__global const int *in, __global int *out)
{
  int gid = get_global_id(0);
  int grp = get_group_id(0);
  int x = in[gid];
  int flag = x > 0 ? 1 : 0;
  int pos = work_group_scan_exclusive_add(flag);
  if (flag)
    out[grp * 64 + pos] = x;
}
