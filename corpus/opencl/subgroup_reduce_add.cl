//pass
//--local_size=64 --num_groups=16
// expect: drf — only sub-group lane 0 writes, at out[grp * get_num_sub_groups() + get_sub_group_id()], which is distinct for every sub-group of every group
// cl-std: CL2.0
__kernel void k(__global const float *in, __global float *out)
{
  int gid = get_global_id(0);
  float s = sub_group_reduce_add(in[gid]);
  if (get_sub_group_local_id() == 0)
    out[get_group_id(0) * get_num_sub_groups() + get_sub_group_id()] = s;
}
