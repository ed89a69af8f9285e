//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: divergent — work_group_reduce_add sits under lid < 32, so half of each work-group never reaches the collective
// cl-std: CL2.0
__kernel void k(__global const int *in, __global int *out)
{
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  int s = 0;
  if (lid < 32)
    s = work_group_reduce_add(in[gid]);
  if (lid == 0)
    out[get_group_id(0)] = s;
}
