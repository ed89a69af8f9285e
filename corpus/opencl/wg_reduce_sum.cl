//pass
//--local_size=64 --num_groups=16
// expect: drf — every work-item reaches work_group_reduce_add, and only work-item 0 of each group writes out[grp]
// cl-std: CL2.0
__kernel void k(__global const int *in, __global int *out)
{
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  int s = work_group_reduce_add(in[gid]);
  if (lid == 0)
    out[get_group_id(0)] = s;
}
